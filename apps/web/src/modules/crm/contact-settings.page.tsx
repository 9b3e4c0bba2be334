import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFieldsSettings } from '../../platform/entity-fields/entity-fields-settings';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { WorkflowsSettings } from '../../platform/workflows/workflows-settings';

// Contact settings: the entity fields of the contact form and the contact workflows.
export default function ContactSettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('contacts.settingsTitle'));
  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('contacts.settingsTitle')}
        </Typography.Title>
      </div>
      <Tabs
        items={[
          {
            key: 'fields',
            label: t('fields.title'),
            children: (
              <EntityFieldsSettings
                entity="Contact"
                managePermission="Contact.ManageSettings"
                restrictedPermission="Contact.ManageRestrictedFields"
              />
            ),
          },
          {
            key: 'workflows',
            label: t('workflows.title'),
            children: <WorkflowsSettings entity="Contact" managePermission="Contact.ManageSettings" />,
          },
        ]}
      />
    </div>
  );
}
