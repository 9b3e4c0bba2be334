import { RULE_EVENTS } from '@atrium/domain';
import { App, Card, List, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotificationPreferences, useSavePreference } from './mail.api';

// Profile: e-mail on or off per notification event, for me.
export function NotificationPreferences() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const prefs = useNotificationPreferences();
  const save = useSavePreference();
  const emailOn = (event: string) => prefs.data?.find((p) => p.event === event)?.email ?? true;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('rules.preferencesTitle')}
        </Typography.Title>
      }
    >
      <List
        loading={prefs.isLoading}
        dataSource={[...RULE_EVENTS]}
        renderItem={(event) => (
          <List.Item
            actions={[
              <Switch
                key="email"
                aria-label={t('rules.emailFor', { event: t(`rules.events.${event}`) })}
                checked={emailOn(event)}
                loading={save.isPending && save.variables?.event === event}
                onChange={(email) => save.mutate({ event, email }, { onError: () => message.error(t('rules.saveFailed')) })}
              />,
            ]}
          >
            {t(`rules.events.${event}`)}
          </List.Item>
        )}
      />
    </Card>
  );
}
