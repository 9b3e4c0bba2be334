import { PERMISSION_MODULES, permissionsOf, type PermissionModule, type RolePermission } from '@atrium/domain';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

// "ViewContacts" → "View contacts"
export const humanizePermission = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/ ([A-Z])(?=[a-z])/g, (m) => m.toLowerCase());

type Props = {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  // the modules offered (a team grants every module's but the settings')
  modules?: readonly PermissionModule[];
};

// Permissions as checkboxes grouped by module (a role's, a team's grants); a form control.
export function PermissionChecklist({ value, onChange, disabled, modules = PERMISSION_MODULES }: Props) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      style={{ display: 'block' }}
      value={value ?? []}
      disabled={disabled ?? false}
      onChange={(v) => onChange?.(v as string[])}
    >
      {modules.map((m) => (
        <fieldset key={m} className="permission-module">
          <legend className="permission-legend">{t(`permissionModule.${m}`)}</legend>
          <div className="permission-grid">
            {permissionsOf(m).map((p: RolePermission) => (
              <Checkbox key={p} value={p}>
                {t(`permission.${p.slice(m.length + 1)}`, { defaultValue: humanizePermission(p.slice(m.length + 1)) })}
              </Checkbox>
            ))}
          </div>
        </fieldset>
      ))}
    </Checkbox.Group>
  );
}
