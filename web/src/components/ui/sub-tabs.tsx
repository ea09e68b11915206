import { useId, type ReactNode } from 'react';

interface SubTab<T extends string> {
  value: T;
  label: string;
}

interface SubTabsProps<T extends string> {
  label: string;
  tabs: readonly SubTab<T>[];
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
}

/** Tabs inside an admin tab (Services | Categories; Products | Product Categories | Subcategories). */
export function SubTabs<T extends string>({ label, tabs, value, onChange, children }: SubTabsProps<T>) {
  const id = useId();
  return (
    <>
      <div className="cat-sub-tabs" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.value}
            id={`${id}-${tab.value}`}
            type="button"
            role="tab"
            aria-selected={tab.value === value}
            aria-controls={`${id}-panel`}
            className={`cat-sub-tabs__tab${tab.value === value ? ' cat-sub-tabs__tab--active' : ''}`}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${value}`}>
        {children}
      </div>
    </>
  );
}
