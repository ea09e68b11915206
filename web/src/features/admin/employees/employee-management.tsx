import { useId, useState, type KeyboardEvent } from 'react';
import '../../auth/forms.css';
import { EmployeeDirectory } from './employee-directory';
import { EmployeeRolesTab } from './employee-roles-tab';
import './employees.css';

const TABS = [
  { id: 'directory', label: 'Employee Management' },
  { id: 'roles', label: 'Employee Roles' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Employee Management, in the admin panel's Employees tab and at /dashboard/employees. */
export default function EmployeeManagement() {
  const [tab, setTab] = useState<TabId>('directory');
  const baseId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === 'directory' ? 'roles' : 'directory';
    setTab(next);
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };

  return (
    <div className="staff">
      <div className="staff__tabs" role="tablist" aria-label="Employee management">
        {TABS.map((item) => (
          <button
            key={item.id}
            id={`${baseId}-${item.id}-tab`}
            type="button"
            role="tab"
            className="staff__tab"
            aria-selected={tab === item.id}
            aria-controls={`${baseId}-${item.id}-panel`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => setTab(item.id)}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-${tab}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === 'directory' ? <EmployeeDirectory /> : <EmployeeRolesTab />}
      </div>
    </div>
  );
}
