import { AlertTriangle, AudioLines, Mic, MicOff, Phone, PhoneOff } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Caption } from '../call/captions';
import type { CallStatus } from '../call/call-types';
import type { VoiceCallError } from '../call/voice-client';
import { formatDuration, formatTimer } from '../format';
import { Card } from './card';

export interface VoiceCallCardProps {
  ownerName: string;
  status: CallStatus;
  elapsedSeconds: number;
  isMuted: boolean;
  isAssistantSpeaking: boolean;
  volumeLevel: number;
  captions: readonly Caption[];
  error: VoiceCallError | null;
  /** Why the last call ended when the visitor did not end it (its time limit, a lost connection). */
  endNotice?: string | null;
  /** Why calls cannot start in this browser (no speech recognition), if so. */
  unavailableReason?: string;
  isReady: boolean;
  /** Shown instead of the start button and its heading when no call can start (no minutes left). */
  blocker?: ReactNode;
  /** Shown under the start button before a call (the microphone check). */
  beforeCall?: ReactNode;
  onStart: () => void;
  onEnd: () => void;
  onToggleMute: () => void;
}

const BAR_WEIGHTS = [0.45, 0.75, 1, 0.75, 0.45];

export function VoiceCallCard(props: VoiceCallCardProps) {
  const { status, ownerName, error, unavailableReason } = props;
  const isActive = status === 'active';
  const isConnecting = status === 'connecting';
  const cardRef = useRef<HTMLDivElement>(null);
  // During a call the card fills the screen from its top: captions above the controls, both in view.
  useEffect(() => {
    if (isActive) cardRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [isActive]);

  return (
    <div ref={cardRef} className="scroll-mt-2">
      <Card
        title="Voice Conversation"
        titleId="voice-call-heading"
        icon={<AudioLines className="size-5 text-brand-600" aria-hidden />}
      >
        <div className={cn('flex flex-col items-center text-center', isActive ? 'mt-2' : 'mt-4')}>
          <div
            className={cn(
              'relative flex items-center justify-center rounded-full transition-colors',
              isActive ? 'hidden' : 'size-24 bg-brand-100 text-brand-700',
            )}
            aria-hidden
          >
            {isActive && props.isAssistantSpeaking ? (
              <span className="absolute -inset-2 animate-pulse rounded-full bg-emerald-200/70" />
            ) : null}
            {props.isMuted ? <MicOff className="relative size-10" /> : <Mic className="relative size-10" />}
          </div>

          {props.blocker && !isActive && !isConnecting ? (
            props.blocker
          ) : (
            <h3 className={cn('font-semibold text-slate-900', isActive ? 'text-lg' : 'mt-4 text-xl')}>
              {isActive ? 'Call Active' : 'Ready to Start'}
            </h3>
          )}
          {props.blocker && !isActive && !isConnecting ? null : isActive ? (
            <p
              className="font-mono text-2xl font-semibold tabular-nums text-slate-900"
              role="timer"
              aria-label="Call time"
            >
              {formatTimer(props.elapsedSeconds)}
            </p>
          ) : (
            <p className="mt-1 max-w-md text-sm text-slate-600">
              Start a real-time voice conversation with {ownerName}&apos;s AI clone. Your browser will ask for
              the microphone.
              {status === 'ended' ? ` Last call: ${formatDuration(props.elapsedSeconds)}.` : ''}
            </p>
          )}

          {isActive ? <SpeakingIndicator {...props} /> : null}

          {props.endNotice && !isActive ? (
            <p role="status" className="mt-3 max-w-md text-sm font-medium text-slate-800">
              {props.endNotice}
            </p>
          ) : null}

          {error ? (
            <p
              role="alert"
              className="mt-4 flex max-w-md items-start gap-2 rounded-lg bg-red-50 p-3 text-left text-sm text-red-800 ring-1 ring-red-200"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {error.message}
            </p>
          ) : null}
          {unavailableReason && !isActive ? (
            <p
              role="alert"
              className="mt-4 flex max-w-md items-start gap-2 rounded-lg bg-amber-50 p-3 text-left text-sm text-amber-900 ring-1 ring-amber-200"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {unavailableReason}
            </p>
          ) : null}

          {isActive ? (
            <Captions captions={props.captions} ownerName={ownerName} title="Live captions" isLive />
          ) : null}

          <div
            className={cn(
              'flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row',
              isActive ? 'mt-4' : 'mt-6',
            )}
          >
            {isActive ? (
              <>
                <Button
                  variant="secondary"
                  size="lg"
                  onClick={props.onToggleMute}
                  aria-pressed={props.isMuted}
                >
                  {props.isMuted ? (
                    <MicOff className="size-5" aria-hidden />
                  ) : (
                    <Mic className="size-5" aria-hidden />
                  )}
                  {props.isMuted ? 'Unmute' : 'Mute'}
                </Button>
                <Button variant="danger" size="lg" onClick={props.onEnd}>
                  <PhoneOff className="size-5" aria-hidden />
                  End Call
                </Button>
              </>
            ) : props.blocker && !isConnecting ? null : (
              <Button
                size="lg"
                onClick={props.onStart}
                disabled={isConnecting || !props.isReady || Boolean(unavailableReason)}
                className="sm:min-w-56"
              >
                <Phone className="size-5" aria-hidden />
                {isConnecting ? 'Connecting...' : 'Start Voice Call'}
              </Button>
            )}
          </div>
        </div>

        {props.beforeCall && !isActive && !isConnecting && !props.blocker ? props.beforeCall : null}

        {!isActive && props.captions.length > 0 ? (
          <Captions captions={props.captions} ownerName={ownerName} title="Last call" />
        ) : null}
      </Card>
    </div>
  );
}

function SpeakingIndicator({ isAssistantSpeaking, isMuted, volumeLevel, ownerName }: VoiceCallCardProps) {
  const label = isAssistantSpeaking
    ? `${ownerName}'s clone is speaking`
    : isMuted
      ? 'You are muted'
      : 'Listening…';
  const level = isAssistantSpeaking ? Math.max(volumeLevel, 0.15) : 0.08;
  return (
    <div className="mt-2 flex items-center gap-2" data-testid="speaking-indicator">
      <div className="flex h-6 items-end gap-1" aria-hidden>
        {BAR_WEIGHTS.map((weight, index) => (
          <span
            key={index}
            className={cn(
              'w-1.5 rounded-full transition-[height] duration-100',
              isAssistantSpeaking ? 'bg-emerald-500' : 'bg-slate-300',
            )}
            style={{ height: `${Math.max(12, Math.round(level * weight * 100))}%` }}
          />
        ))}
      </div>
      <p className="text-sm text-slate-600">{label}</p>
    </div>
  );
}

/** Follows the newest line unless the visitor has scrolled up to read (this far from the end). */
const FOLLOW_SLACK_PX = 24;

function Captions({
  captions,
  ownerName,
  title,
  isLive = false,
}: {
  captions: readonly Caption[];
  ownerName: string;
  title: string;
  /** During the call: above the controls, short enough for both to stay on a phone's screen. */
  isLive?: boolean;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const isFollowingRef = useRef(true);
  const last = captions.at(-1);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && isFollowingRef.current) list.scrollTop = list.scrollHeight;
  }, [captions.length, last?.text]);

  return (
    <div className={cn('w-full text-left', isLive ? 'mt-3' : 'mt-6 border-t border-slate-200 pt-4')}>
      <h3 id="captions-heading" className="text-sm font-semibold text-slate-800">
        {title}
      </h3>
      {/* Several lines stay readable; older ones scroll. Focusable so that keys can scroll it. */}
      <ol
        ref={listRef}
        tabIndex={0}
        aria-live="polite"
        aria-label="Live captions"
        data-testid="captions"
        onScroll={(event) => {
          const list = event.currentTarget;
          isFollowingRef.current = list.scrollHeight - list.scrollTop - list.clientHeight <= FOLLOW_SLACK_PX;
        }}
        className={cn(
          'mt-2 grid min-h-24 content-start gap-2 overflow-y-auto overscroll-contain rounded-lg text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          isLive ? 'h-[38dvh] max-h-96 bg-slate-50 p-2 ring-1 ring-slate-200' : 'max-h-72 sm:max-h-80',
        )}
      >
        {captions.length === 0 ? <li className="text-slate-500">Captions appear here as you talk.</li> : null}
        {captions.map((caption) => (
          <li
            key={caption.id}
            className={cn(
              'rounded-lg px-3 py-2',
              caption.role === 'user' ? 'bg-brand-50 text-brand-950' : 'bg-slate-100 text-slate-900',
              !caption.isFinal && 'opacity-70',
            )}
          >
            <span className="font-semibold">
              {caption.role === 'user' ? 'You' : `${ownerName}'s clone`}:{' '}
            </span>
            {caption.text}
          </li>
        ))}
      </ol>
    </div>
  );
}
