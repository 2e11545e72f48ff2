import { Menu, SquarePen } from 'lucide-react';
import { SettingsMenu } from '@/components/settings-menu';
import { Avatar } from '@/components/ui/avatar';
import type { ConversationState } from '../api/create-conversation';
import { useDeleteConversation } from '../api/delete-conversation';
import { useExportTranscript } from '../api/export-transcript';
import { getChatSubtitle, getChatTitle, type ChatOwner } from '../owner';
import { ChatsDialog } from './chats-dialog';
import { DeleteChatButton } from './delete-chat-button';
import { ExportMenu } from './export-menu';

interface ChatHeaderProps {
  /** Named in the title; on a phone the name shows in place of the long title, beside the photo. */
  owner: ChatOwner;
  onOpenSidebar(): void;
  /** Pressing or focusing the profile button: the drawer's code starts loading. */
  onSidebarIntent?(): void;
  /** Exported, deleted, or left for another of this browser's conversations (or a new one). */
  conversation: ConversationState;
  /** A reply is on its way: the chat is neither deleted nor left meanwhile. */
  isSending: boolean;
}

const ICON_BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';

export function ChatHeader(props: ChatHeaderProps) {
  const { owner, onOpenSidebar, onSidebarIntent, conversation, isSending } = props;
  const { name: ownerName, photo } = owner;
  const title = getChatTitle(owner);
  const { conversationId, openConversation: onOpenConversation } = conversation;
  const canExport = Boolean(conversationId) && conversation.messages.length > 0;
  const exportTranscript = useExportTranscript(conversationId);
  const deleteConversation = useDeleteConversation(conversationId, conversation.startOver);
  const canSwitch = !isSending && !deleteConversation.isPending;
  return (
    <header className="sticky top-0 z-10 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-2 backdrop-blur sm:px-4">
      <button
        type="button"
        aria-label="Open profile menu"
        onClick={onOpenSidebar}
        onPointerDown={onSidebarIntent}
        onFocus={onSidebarIntent}
        className={`${ICON_BUTTON} lg:hidden`}
      >
        {/* The owner's photo opens their profile, as in a messenger: a visitor sees whose clone
            this is, and the title beside it keeps its room. */}
        {ownerName ? (
          <Avatar src={photo} name={ownerName} size="sm" isDecorative className="size-9" />
        ) : (
          <Menu className="size-5" aria-hidden />
        )}
      </button>
      <div className="min-w-0 flex-1 px-1">
        {/* On a phone the full title would read "Chat with Al…": the name shows, the title is
            still what the heading says to screen readers. */}
        <h1 className="truncate text-base font-semibold text-slate-900 sm:text-lg">
          {ownerName ? (
            <>
              <span aria-hidden className="sm:hidden" data-testid="header-owner-name">
                {ownerName}
              </span>
              <span className="max-sm:sr-only">{title}</span>
            </>
          ) : (
            title
          )}
        </h1>
        <p className="truncate text-xs text-slate-600 sm:text-sm">
          {ownerName ? <span className="sm:hidden">AI clone · </span> : null}
          {getChatSubtitle(owner)}
        </p>
      </div>
      {/* On small screens a new chat starts from the Chats dialog. */}
      <button
        type="button"
        onClick={() => onOpenConversation(null)}
        disabled={!canSwitch || !canExport}
        aria-label="New chat"
        title="New chat"
        className={`${ICON_BUTTON} max-sm:hidden`}
      >
        <SquarePen className="size-5" aria-hidden />
      </button>
      <ChatsDialog
        className={ICON_BUTTON}
        currentId={conversationId}
        isDisabled={!canSwitch}
        onOpenConversation={onOpenConversation}
      />
      <ExportMenu
        className={ICON_BUTTON}
        canExport={canExport}
        isExporting={exportTranscript.isPending}
        onExport={(format) => exportTranscript.mutate(format)}
      />
      <DeleteChatButton
        className={ICON_BUTTON}
        canDelete={canExport && !isSending}
        isDeleting={deleteConversation.isPending}
        onDelete={() => deleteConversation.mutateAsync()}
      />
      <SettingsMenu className={ICON_BUTTON} />
    </header>
  );
}
