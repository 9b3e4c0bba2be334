import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../platform/api/api-error';

// The portal's access messages (spec §8): portal access denied, login required, spammer — each
// a page of its own at /portal/<workspace>/<helpdesk>/access/<kind>.
export const ACCESS_KINDS = { 'access-denied': 'portalAccessDenied', 'login-required': 'loginRequired', spammer: 'spammer' } as const;
export type AccessKind = keyof typeof ACCESS_KINDS;
const KIND_OF_CODE: Record<string, AccessKind> = {
  portalAccessDenied: 'access-denied',
  loginRequired: 'login-required',
  spammer: 'spammer',
};

// The access page an API error leads to, if it is one of the portal's access messages.
export function accessKindOf(error: unknown): AccessKind | undefined {
  return isApiError(error) ? KIND_OF_CODE[error.code] : undefined;
}

export function usePortalAccessRedirect(workspace: string, helpdesk: string) {
  const navigate = useNavigate();
  return (error: unknown): boolean => {
    const kind = accessKindOf(error);
    if (kind) void navigate(`/portal/${workspace}/${helpdesk}/access/${kind}`, { replace: true });
    return kind !== undefined;
  };
}

export function PortalAccessMessage({ kind, workspace, helpdesk }: { kind: AccessKind; workspace: string; helpdesk: string }) {
  const { t } = useTranslation();
  const home = `/portal/${workspace}/${helpdesk}`;
  return (
    <Result
      status={kind === 'spammer' ? 'error' : kind === 'login-required' ? 'warning' : '403'}
      title={t(`helpdesk.portal.access.${ACCESS_KINDS[kind]}.title`)}
      subTitle={t(`helpdesk.portal.access.${ACCESS_KINDS[kind]}.text`)}
      extra={[
        kind !== 'spammer' && (
          <Link key="sign-in" to={`${home}/sign-in`}>
            <Button type="primary">{t('helpdesk.portal.signIn')}</Button>
          </Link>
        ),
        <Link key="home" to={home}>
          {t('helpdesk.portal.back')}
        </Link>,
      ]}
    />
  );
}
