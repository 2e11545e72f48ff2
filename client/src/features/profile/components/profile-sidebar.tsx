import { Briefcase, Clock, Globe, MapPin, MessageSquare, Mic, Trophy, type LucideIcon } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { PublicProfile } from '@shared/content';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { ExpertiseIcon } from './expertise-icon';

function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="px-1 text-xs font-semibold uppercase tracking-wider text-slate-600">
      {children}
    </h3>
  );
}

function NavLink({
  href,
  icon: Icon,
  children,
  isCurrent,
  onNavigate,
}: {
  href: string;
  icon: LucideIcon;
  children: ReactNode;
  isCurrent: boolean;
  onNavigate?(): void;
}) {
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={isCurrent ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
        isCurrent ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <Icon className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5">
      <dt className="flex items-center gap-2 text-xs text-slate-600">
        <span className="text-brand-600">
          <Icon className="size-4" aria-hidden />
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 pl-6 text-sm font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function SidebarSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="animate-pulse space-y-4 p-6">
      <div className="mx-auto size-20 rounded-full bg-slate-200" />
      <div className="mx-auto h-4 w-40 rounded bg-slate-200" />
      <div className="mx-auto h-3 w-32 rounded bg-slate-200" />
      <div className="h-24 rounded-xl bg-slate-100" />
      <div className="h-24 rounded-xl bg-slate-100" />
    </div>
  );
}

/**
 * The owner's profile: photo, name and title, "Online & Ready", links to the
 * chat and the voice call, expertise, quick stats and availability. Memoised: the chat page
 * re-renders as its conversation changes (created, sent, answered), and the profile does not.
 */
export const ProfileSidebar = memo(function ProfileSidebar({
  profile,
  isError = false,
  onNavigate,
}: {
  profile: PublicProfile | undefined;
  isError?: boolean;
  /** Called when a link is followed, so a drawer can close. */
  onNavigate?(): void;
}) {
  if (!profile) {
    return isError ? (
      <p role="alert" className="p-6 text-sm text-slate-600">
        The profile could not be loaded. Please refresh the page.
      </p>
    ) : (
      <SidebarSkeleton />
    );
  }
  return (
    <div className="flex flex-col gap-6 px-4 pb-8 pt-6">
      <div className="flex flex-col items-center text-center">
        <div className="relative">
          <Avatar src={profile.photo} name={profile.name} size="xl" className="ring-4 ring-brand-50" />
          <span
            className="absolute bottom-1 right-1 size-4 rounded-full bg-emerald-500 ring-2 ring-white"
            aria-hidden
          />
        </div>
        <h2 className="mt-3 text-lg font-semibold text-slate-900">{profile.name}</h2>
        <p className="text-sm text-slate-600">{profile.title}</p>
        <span className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
          <span className="relative flex size-2" aria-hidden>
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75" />
            <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
          </span>
          Online &amp; Ready
        </span>
      </div>

      <nav aria-label="Main" className="flex flex-col gap-1">
        <NavLink href="/" icon={MessageSquare} isCurrent onNavigate={onNavigate}>
          Chat
        </NavLink>
        <NavLink href="/voice" icon={Mic} isCurrent={false} onNavigate={onNavigate}>
          Voice Call
        </NavLink>
      </nav>

      <ExpertiseSection profile={profile} />

      <section aria-labelledby="stats-heading" className="flex flex-col gap-2">
        <SectionHeading id="stats-heading">Quick Stats</SectionHeading>
        <dl className="grid gap-2">
          <Stat icon={Briefcase} label="Experience" value={profile.experience} />
          <Stat icon={Trophy} label="Projects" value={profile.projects} />
          <Stat icon={Clock} label="Response time" value={profile.responseTime} />
        </dl>
      </section>

      <section aria-labelledby="availability-heading" className="flex flex-col gap-2">
        <SectionHeading id="availability-heading">Availability</SectionHeading>
        <div className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-3">
          <p className="text-sm font-medium text-emerald-900">{profile.availability}</p>
          <dl className="mt-2 grid gap-1.5 text-xs text-slate-700">
            <div>
              <dt className="sr-only">Location</dt>
              <dd className="flex items-center gap-2">
                <MapPin className="size-3.5 shrink-0 text-slate-600" aria-hidden />
                {profile.location}
              </dd>
            </div>
            <div>
              <dt className="sr-only">Work style</dt>
              <dd className="flex items-center gap-2">
                <Globe className="size-3.5 shrink-0 text-slate-600" aria-hidden />
                {profile.workStyle}
              </dd>
            </div>
          </dl>
        </div>
      </section>
    </div>
  );
});

/** Each area the owner works in: what it covers and its keywords. */
function ExpertiseSection({ profile }: { profile: PublicProfile }) {
  return (
    <section aria-labelledby="expertise-heading" className="flex flex-col gap-2">
      <SectionHeading id="expertise-heading">Expertise</SectionHeading>
      <ul className="flex flex-col gap-2">
        {profile.expertise.map((area) => (
          <li key={area.title} className="rounded-xl border border-slate-200 p-3">
            <div className="flex items-center gap-2.5">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <ExpertiseIcon name={area.icon} className="size-4" />
              </span>
              <h4 className="text-sm font-semibold text-slate-900">{area.title}</h4>
            </div>
            <p className="mt-2 text-xs leading-relaxed text-slate-600">{area.description}</p>
            <ul aria-label={`${area.title} keywords`} className="mt-2 flex flex-wrap gap-1">
              {area.keywords.map((keyword) => (
                <li
                  key={keyword}
                  className="rounded-md bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-700"
                >
                  {keyword}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
