import { expect, type Page } from '@playwright/test';
import type { SignedInApi } from '../support/signed-in-api';

// A plain floor plan (an SVG of 400 × 200) for the specs that need a floor, not its drawing.
export const PLAIN_PLAN =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" width="400" height="200"><rect width="400" height="200" fill="#fafafa"/></svg>';

// A floor of the location with a plan uploaded and the resource placed on it (a rectangle), made
// through the API as an admin would; answers the floor's id.
export async function floorWithResource(
  page: Page,
  api: SignedInApi,
  tenantId: string,
  place: { locationId: string; resourceId: string; plan?: string },
): Promise<string> {
  const floor = await api.post<{ id: string }>('/api/v1/floor-maps', { locationId: place.locationId, name: 'Ground floor', level: 'G' });
  // the plan is a multipart upload: the page's own request with the session's token
  const session = (await (await page.request.get('/auth/session')).json()) as { accessToken: string };
  const uploaded = await page.request.put(`/api/v1/floor-maps/${floor.id}/image`, {
    headers: { authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': tenantId },
    multipart: { file: { name: 'plan.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(place.plan ?? PLAIN_PLAN) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const { version } = (await uploaded.json()) as { version: number };
  await api.call(
    'PUT',
    `/api/v1/floor-maps/${floor.id}`,
    {
      name: 'Ground floor',
      level: 'G',
      levelOrder: 0,
      placements: [
        { resourceId: place.resourceId, shape: { kind: 'rect', x: 40, y: 40, width: 120, height: 80 }, rotation: 0, label: null },
      ],
    },
    { headers: { 'if-match': `"${version}"` } },
  );
  return floor.id;
}
