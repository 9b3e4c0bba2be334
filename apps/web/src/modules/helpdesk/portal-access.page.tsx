import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { PortalPage } from './portal-page';
import { ACCESS_KINDS, PortalAccessMessage, type AccessKind } from './portal-access';

// Public: one of the portal's access messages (spec §8) as a page.
export default function PortalAccessPage() {
  const { t } = useTranslation();
  const { workspace = '', helpdesk = '', kind = '' } = useParams();
  const known: AccessKind = kind in ACCESS_KINDS ? (kind as AccessKind) : 'access-denied';
  usePageTitle(t(`helpdesk.portal.access.${ACCESS_KINDS[known]}.title`));
  return (
    <PortalPage narrow>
      <PortalAccessMessage kind={known} workspace={workspace} helpdesk={helpdesk} />
    </PortalPage>
  );
}
