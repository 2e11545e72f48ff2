import { Download, Loader2, Menu } from 'lucide-react';
import { SettingsMenu } from '@/components/settings-menu';
import { DeleteChatButton } from './delete-chat-button';

export function ChatHeader({
  title,
  subtitle,
  onOpenSidebar,
  canExport,
  isExporting,
  onExport,
  canDelete,
  isDeleting,
  onDelete,
}: {
  title: string;
  subtitle: string;
  onOpenSidebar(): void;
  canExport: boolean;
  isExporting: boolean;
  onExport(): void;
  canDelete: boolean;
  isDeleting: boolean;
  onDelete(): Promise<unknown>;
}) {
  const iconButton =
    'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';
  return (
    <header className="sticky top-0 z-10 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-2 backdrop-blur sm:px-4">
      <button
        type="button"
        aria-label="Open profile menu"
        onClick={onOpenSidebar}
        className={`${iconButton} lg:hidden`}
      >
        <Menu className="size-5" aria-hidden />
      </button>
      <div className="min-w-0 flex-1 px-1">
        <h1 className="truncate text-base font-semibold text-slate-900 sm:text-lg">{title}</h1>
        <p className="truncate text-xs text-slate-600 sm:text-sm">{subtitle}</p>
      </div>
      <button
        type="button"
        onClick={onExport}
        disabled={!canExport || isExporting}
        aria-label="Export transcript"
        title="Export transcript"
        className={`${iconButton} sm:w-auto sm:gap-2 sm:px-3 sm:text-sm sm:font-medium`}
      >
        {isExporting ? (
          <Loader2 className="size-5 animate-spin" aria-hidden />
        ) : (
          <Download className="size-5" aria-hidden />
        )}
        <span className="hidden sm:inline" aria-hidden>
          Export
        </span>
      </button>
      <DeleteChatButton
        className={iconButton}
        canDelete={canDelete}
        isDeleting={isDeleting}
        onDelete={onDelete}
      />
      <SettingsMenu className={iconButton} />
    </header>
  );
}
