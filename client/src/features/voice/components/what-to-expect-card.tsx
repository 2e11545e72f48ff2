import { CircleCheck, Sparkles } from 'lucide-react';
import { Card } from './card';

export function WhatToExpectCard({
  ownerName,
  maxCallMinutes,
}: {
  ownerName: string;
  maxCallMinutes?: number;
}) {
  const items = [
    `A natural, real-time conversation with ${ownerName}'s AI clone`,
    'Answers about experience, skills, projects and availability',
    'Live captions while you talk, and a mute button when you need a moment',
    'Minutes are counted in whole minutes against your monthly plan',
    ...(maxCallMinutes
      ? [`Each call lasts up to ${maxCallMinutes} minutes; start another to keep talking`]
      : []),
  ];
  return (
    <Card
      title="What to expect"
      titleId="expect-heading"
      icon={<Sparkles className="size-5 text-brand-600" aria-hidden />}
    >
      <ul className="mt-3 grid gap-2 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
    </Card>
  );
}
