import {
  Brain,
  Building2,
  Cloud,
  Code,
  Database,
  Shield,
  Sparkles,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { Expertise } from '@shared/content';

const ICONS: Record<Expertise['icon'], LucideIcon> = {
  brain: Brain,
  building: Building2,
  cloud: Cloud,
  workflow: Workflow,
  code: Code,
  shield: Shield,
  database: Database,
  sparkles: Sparkles,
};

export function ExpertiseIcon({ name, className }: { name: Expertise['icon']; className?: string }) {
  const Icon = ICONS[name] ?? Sparkles;
  return <Icon className={className} aria-hidden />;
}
