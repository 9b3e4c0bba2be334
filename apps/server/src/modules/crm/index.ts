import type { Router } from '../../platform/router';
import type { ModuleDeps } from '../index';

// TODO(#4): contacts on the entity engine.
export async function registerCrmModule(_router: Router, _deps: ModuleDeps): Promise<void> {}
