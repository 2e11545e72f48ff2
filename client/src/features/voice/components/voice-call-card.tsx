import { AlertTriangle, AudioLines, Mic, MicOff, Phone, PhoneOff } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Caption } from '../call/captions';
import type { CallStatus } from '../call/call-types';
import type { VoiceCallError } from '../call/voice-client';
import { formatDuration, formatTimer } from '../format';
import { Captions } from './call-captions';
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
  // The blocker replaces the heading, the text and the start button while no call runs.
  const isBlocked = Boolean(props.blocker) && !isActive && !isConnecting;
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

          {isBlocked ? props.blocker : <CallHeading {...props} />}

          {isActive ? <SpeakingIndicator {...props} /> : null}

          {props.endNotice && !isActive ? (
            <p role="status" className="mt-3 max-w-md text-sm font-medium text-slate-800">
              {props.endNotice}
            </p>
          ) : null}

          {error ? <CallAlert tone="error">{error.message}</CallAlert> : null}
          {unavailableReason && !isActive ? <CallAlert tone="warning">{unavailableReason}</CallAlert> : null}

          {isActive ? (
            <Captions captions={props.captions} ownerName={ownerName} title="Live captions" isLive />
          ) : null}

          <div
            className={cn(
              'flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row',
              isActive ? 'mt-4' : 'mt-6',
            )}
          >
            {isActive ? <InCallButtons {...props} /> : isBlocked ? null : <StartButton {...props} />}
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

/** "Call Active" and the timer during a call; "Ready to Start" and what to expect before one. */
function CallHeading({ status, ownerName, elapsedSeconds }: VoiceCallCardProps) {
  const isActive = status === 'active';
  return (
    <>
      <h3 className={cn('font-semibold text-slate-900', isActive ? 'text-lg' : 'mt-4 text-xl')}>
        {isActive ? 'Call Active' : 'Ready to Start'}
      </h3>
      {isActive ? (
        <p
          className="font-mono text-2xl font-semibold tabular-nums text-slate-900"
          role="timer"
          aria-label="Call time"
        >
          {formatTimer(elapsedSeconds)}
        </p>
      ) : (
        <p className="mt-1 max-w-md text-sm text-slate-600">
          Start a real-time voice conversation with {ownerName}&apos;s AI clone. Your browser will ask for the
          microphone.
          {status === 'ended' ? ` Last call: ${formatDuration(elapsedSeconds)}.` : ''}
        </p>
      )}
    </>
  );
}

/** An error (red) or why calls cannot start here (amber), read out as an alert. */
function CallAlert({ tone, children }: { tone: 'error' | 'warning'; children: ReactNode }) {
  return (
    <p
      role="alert"
      className={cn(
        'mt-4 flex max-w-md items-start gap-2 rounded-lg p-3 text-left text-sm ring-1',
        tone === 'error'
          ? 'bg-red-50 text-red-800 ring-red-200'
          : 'bg-amber-50 text-amber-900 ring-amber-200',
      )}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}

function InCallButtons({ isMuted, onToggleMute, onEnd }: VoiceCallCardProps) {
  return (
    <>
      <Button variant="secondary" size="lg" onClick={onToggleMute} aria-pressed={isMuted}>
        {isMuted ? <MicOff className="size-5" aria-hidden /> : <Mic className="size-5" aria-hidden />}
        {isMuted ? 'Unmute' : 'Mute'}
      </Button>
      <Button variant="danger" size="lg" onClick={onEnd}>
        <PhoneOff className="size-5" aria-hidden />
        End Call
      </Button>
    </>
  );
}

function StartButton({ status, isReady, unavailableReason, onStart }: VoiceCallCardProps) {
  const isConnecting = status === 'connecting';
  return (
    <Button
      size="lg"
      onClick={onStart}
      disabled={isConnecting || !isReady || Boolean(unavailableReason)}
      className="sm:min-w-56"
    >
      <Phone className="size-5" aria-hidden />
      {isConnecting ? 'Connecting...' : 'Start Voice Call'}
    </Button>
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
