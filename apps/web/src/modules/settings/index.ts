// What other modules may use of the settings module.
export { usePlans, useSubscriptions } from './plans/plans.api';
