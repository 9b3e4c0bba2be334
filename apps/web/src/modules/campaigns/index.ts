// The campaigns module's public door: what the app composes.
export { CAMPAIGNS_ENTITIES } from './campaigns.entities';
