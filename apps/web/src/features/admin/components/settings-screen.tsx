// Settings: two tabs, "Cool down periods" and "Add more admins" (the tab is
// in the URL, so the header's "Add more admin" opens the second directly).
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_TEXTS } from '@gets/schema';
import { SETTINGS_TAB_PARAM } from '../lib/menu';
import { AddAdmins } from './add-admins';
import { CoolDownPeriods } from './cool-down-periods';

const TABS = [
  { key: 'periods', label: ADMIN_TEXTS.coolDownTab },
  { key: 'admins', label: ADMIN_TEXTS.addAdminsTab },
] as const;

export function SettingsScreen() {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const current = params.get(SETTINGS_TAB_PARAM) === 'admins' ? 'admins' : 'periods';
  return (
    <section className="flex flex-col gap-6">
      <h2 className="text-2xl font-bold text-slate-900">Settings</h2>
      <div role="tablist" aria-label="Settings" className="flex gap-2 border-b border-slate-200">
        {TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-${tab.key}`}
            aria-selected={current === tab.key}
            aria-controls={`${id}-${tab.key}-panel`}
            onClick={() =>
              setParams((next) => {
                next.set(SETTINGS_TAB_PARAM, tab.key);
                return next;
              })
            }
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
              current === tab.key
                ? 'border-brand-700 text-brand-900'
                : 'border-transparent text-slate-500 hover:text-slate-800'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${current}-panel`} aria-labelledby={`${id}-${current}`}>
        {current === 'periods' ? <CoolDownPeriods /> : <AddAdmins />}
      </div>
    </section>
  );
}
