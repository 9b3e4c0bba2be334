import { useTranslation } from 'react-i18next';

// A role's name as the user reads it: a system role (by its key) in the user's language, a
// workspace's own role as it was named (issue 12, defect 12).
export function useRoleName(): (role: { name: string; systemKey: string | null | undefined }) => string {
  const { t } = useTranslation();
  return (role) => (role.systemKey ? t(`roles.systemName.${role.systemKey}`, { defaultValue: role.name }) : role.name);
}

export function RoleName({ name, systemKey }: { name: string; systemKey: string | null | undefined }) {
  return <>{useRoleName()({ name, systemKey })}</>;
}
