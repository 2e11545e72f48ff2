import { Monitor, Moon, Settings, Sun } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ThemeChoice } from '@shared/theme';
import { useThemeChoice } from '@/lib/theme';

const OPTIONS: { value: ThemeChoice; label: string; Icon: typeof Sun }[] = [
  { value: 'system', label: 'System', Icon: Monitor },
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
];

/** The header's settings button: opens a small panel with the colour theme (System, Light, Dark). */
export function SettingsMenu({ className }: { className: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [theme, setTheme] = useThemeChoice();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Closes on Escape (focus back on the button) and on a click or focus outside the menu.
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [isOpen]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Settings"
        title="Settings"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        className={className}
      >
        <Settings className="size-5" aria-hidden />
      </button>
      {isOpen ? (
        <div
          id={panelId}
          className="absolute right-0 top-full z-30 mt-2 w-56 rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200"
        >
          <fieldset>
            <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
              Theme
            </legend>
            <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
              {OPTIONS.map(({ value, label, Icon }) => (
                <label
                  key={value}
                  className="flex cursor-pointer flex-col items-center gap-1 rounded-md px-1 py-2 text-xs font-medium text-slate-700 has-[:checked]:bg-white has-[:checked]:text-slate-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                >
                  <input
                    type="radio"
                    name={`${panelId}-theme`}
                    value={value}
                    checked={theme === value}
                    onChange={() => setTheme(value)}
                    className="sr-only"
                  />
                  <Icon className="size-4" aria-hidden />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      ) : null}
    </div>
  );
}
