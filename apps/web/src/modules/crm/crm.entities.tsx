import { contactEntity, leadEntity, opportunityEntity, organizationEntity, teamEntity } from '@atrium/domain';
import { lazy, Suspense } from 'react';
import type { WebEntity } from '../../platform/entity/web-entity';
import { ContactStateMenu, ContactStateTags } from './contact-states';
import { ConvertedLeadBanner, ConvertLeadAction } from './lead-conversion';
import { LinkedOpportunities } from './linked-opportunities';
import { ContactTeams, SaveCustomQueryAction, TeamInviteAction, TeamMembers, TeamPermissions, TeamQueryMembers } from './teams';

const OrganizationHierarchy = lazy(() => import('./organization-hierarchy').then((m) => ({ default: m.OrganizationHierarchy })));

// Customer management on the web: contacts are their definition alone; organizations add their
// hierarchy tab; leads their conversion; teams their members, invite link and permissions. Lists, record pages, forms, panels, settings and routes come from the engine.
export const CRM_ENTITIES: WebEntity[] = [
  {
    definition: contactEntity,
    actions: (record) => <ContactStateMenu record={record} />,
    banner: (record) => <ContactStateTags record={record} />,
    listActions: (request) => <SaveCustomQueryAction request={request} />,
    tabs: [
      {
        key: 'opportunities',
        labelKey: 'crm.opportunity.tab',
        permission: opportunityEntity.permissions.view,
        render: (record) => <LinkedOpportunities basePath={contactEntity.basePath} record={record} />,
      },
      {
        key: 'teams',
        labelKey: 'crm.team.plural',
        permission: teamEntity.permissions.view,
        render: (record) => <ContactTeams record={record} />,
      },
    ],
  },
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
      {
        key: 'opportunities',
        labelKey: 'crm.opportunity.tab',
        permission: opportunityEntity.permissions.view,
        render: (record) => <LinkedOpportunities basePath={organizationEntity.basePath} record={record} />,
      },
    ],
  },
  {
    definition: leadEntity,
    actions: (record) => <ConvertLeadAction record={record} />,
    banner: (record) => <ConvertedLeadBanner record={record} />,
  },
  { definition: opportunityEntity },
  {
    definition: teamEntity,
    actions: (record) => <TeamInviteAction record={record} />,
    tabs: [
      { key: 'members', labelKey: 'crm.team.members.title', render: (record) => <TeamMembers record={record} /> },
      { key: 'queryMembers', labelKey: 'crm.team.queries.tab', render: (record) => <TeamQueryMembers record={record} /> },
      { key: 'permissions', labelKey: 'crm.team.permissions.title', render: (record) => <TeamPermissions record={record} /> },
    ],
  },
];
