import type { Router } from '../../platform/router';

// TODO(#3): GET /api/v1/admin/captions — translated captions (English, German).
export function registerCaptionRoutes(_router: Router): void {}
