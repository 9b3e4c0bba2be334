import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { Contact } from '@atrium/domain';
import { App, Button, Card, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../platform/confirm/confirm-modal';
import type { BulkAction } from '../../platform/entity/entity-definition';
import { EntityListPage } from '../../platform/entity/entity-list.page';
import { useEntityColumns } from '../../platform/entity-fields/entity-fields.api';
import { LinkButton } from '../../platform/feedback/link-button';
import { useAccess } from '../../platform/permissions/use-access';
import { useWorkflows } from '../../platform/workflows/workflows.api';
import { useSetContactsArchived } from './contacts.api';
import { contactsListDefinition } from './contacts.definition';
import { CreateContactModal } from './create-contact.modal';

export default function ContactsListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const columns = useEntityColumns('Contact');
  const workflows = useWorkflows('Contact');
  const setArchived = useSetContactsArchived();
  const [creating, setCreating] = useState(false);
  const manage = can({ permissions: ['Contact.ManageContacts'] });

  const bulkActions = useMemo<BulkAction<Contact>[]>(() => {
    if (!manage) return [];
    const run = (archived: boolean) => async (selected: Contact[]) => {
      const count = selected.length;
      const ok = await confirm({
        title: t(archived ? 'contacts.archiveTitle' : 'contacts.unarchiveTitle', { count }),
        description: t(archived ? 'contacts.archiveText' : 'contacts.unarchiveText', { count }),
        okText: t(archived ? 'contacts.archive' : 'contacts.unarchive'),
        danger: archived,
      });
      if (!ok) return false;
      await setArchived.mutateAsync({ ids: selected.map((c) => c.id), archived });
      message.success(t(archived ? 'contacts.archived' : 'contacts.unarchived', { count }));
      return true;
    };
    return [
      { key: 'archive', labelKey: 'contacts.archive', danger: true, when: 'active', run: run(true) },
      { key: 'unarchive', labelKey: 'contacts.unarchive', when: 'archived', run: run(false) },
    ];
  }, [manage, confirm, t, setArchived, message]);

  const definition = useMemo(
    () => (columns.data ? contactsListDefinition({ columns: columns.data, workflows: workflows.data ?? [], bulkActions }) : null),
    [columns.data, workflows.data, bulkActions],
  );

  if (columns.error) throw columns.error;
  if (!definition) {
    return (
      <div className="page">
        <Card>
          <Skeleton active />
        </Card>
      </div>
    );
  }

  return (
    <>
      <EntityListPage
        definition={definition}
        actions={
          <Space>
            {can({ permissions: ['Contact.ManageSettings'] }) ? (
              <LinkButton to="/settings/contacts" icon={<SettingOutlined />}>
                {t('contacts.settings')}
              </LinkButton>
            ) : null}
            {can({ permissions: ['Contact.CreateContacts'] }) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('contacts.create')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <CreateContactModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
