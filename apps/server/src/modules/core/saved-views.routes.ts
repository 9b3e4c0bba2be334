import type { Router } from '../../platform/router';

// TODO(#3): saved list views per user and list key.
export function registerSavedViewRoutes(_router: Router): void {}
