import { contactEntity, leadEntity, organizationEntity } from '@atrium/domain';
import { lazy, Suspense } from 'react';
import type { WebEntity } from '../../platform/entity/web-entity';
import { ConvertedLeadBanner, ConvertLeadAction } from './lead-conversion';

const OrganizationHierarchy = lazy(() => import('./organization-hierarchy').then((m) => ({ default: m.OrganizationHierarchy })));

// Customer management on the web: contacts are their definition alone; organizations add their
// hierarchy tab; leads their conversion. Lists, record pages, forms, panels, settings and routes come from the engine.
export const CRM_ENTITIES: WebEntity[] = [
  { definition: contactEntity },
  {
    definition: organizationEntity,
    tabs: [
      {
        key: 'hierarchy',
        labelKey: 'crm.organization.hierarchy',
        render: (record) => (
          <Suspense fallback={null}>
            <OrganizationHierarchy record={record} />
          </Suspense>
        ),
      },
    ],
  },
  {
    definition: leadEntity,
    actions: (record) => <ConvertLeadAction record={record} />,
    banner: (record) => <ConvertedLeadBanner record={record} />,
  },
];
