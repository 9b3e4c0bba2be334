import { Button, Card, Result, Skeleton, Space } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BareLayout } from '../layouts/bare-layout';
import { redirectToSignIn, redirectToSignUp } from './session-store';
import { useSession } from './use-session';

type Props = {
  loading: boolean;
  valid: boolean;
  icon: ReactNode;
  heading: string;
  subTitle?: string | undefined;
  invalidText: string;
  // this page's address: signing in or up comes back to it with ?accept=1
  path: string;
  // the invited address, pre-filled on the provider's forms
  email?: string | undefined;
  acceptLabel: string;
  accepting: boolean;
  onAccept: () => void;
};

// A public link that someone accepts (a workspace invitation, a team's invite URL). People
// without a session sign in or up and come back with ?accept=1, which accepts without
// another click; an invalid link says so and leads home.
export function InviteLanding(props: Props) {
  const { loading, valid, icon, heading, subTitle, invalidText, path, email, acceptLabel, accepting, onAccept } = props;
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useSession();
  const autoAccepted = useRef(false);
  const returnTo = `${path}?accept=1`;
  useEffect(() => {
    if (valid && status === 'authenticated' && search.get('accept') === '1' && !autoAccepted.current) {
      autoAccepted.current = true;
      onAccept();
    }
    // onAccept is recreated each render; the ref makes this run once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid, status, search]);

  let body;
  if (loading || status === 'loading') body = <Skeleton active />;
  else if (!valid) {
    body = (
      <Result
        status="warning"
        title={<h1 className="result-title">{t('invite.invalidTitle')}</h1>}
        subTitle={invalidText}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('errors.backHome')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Result
        icon={icon}
        title={<h1 className="result-title">{heading}</h1>}
        subTitle={subTitle}
        extra={
          status === 'authenticated' ? (
            <Button type="primary" onClick={onAccept} loading={accepting}>
              {acceptLabel}
            </Button>
          ) : (
            <Space wrap>
              <Button type="primary" onClick={() => redirectToSignIn(returnTo, email)}>
                {t('invite.signInToAccept')}
              </Button>
              <Button onClick={() => redirectToSignUp(returnTo, email)}>{t('invite.signUpToAccept')}</Button>
            </Space>
          )
        }
      />
    );
  }
  return (
    <BareLayout>
      <div className="narrow">
        <Card>{body}</Card>
      </div>
    </BareLayout>
  );
}
