import { z } from 'zod';

// The owner's public profile (content/profile.json), validated at start-up and served by
// GET /api/profile. The persona stays on the server; the greeting is public (the chat's welcome
// and the voice clone's first sentence), so editing it changes both without code changes.
export const expertiseSchema = z.object({
  title: z.string().min(1),
  icon: z.enum(['brain', 'building', 'cloud', 'workflow', 'code', 'shield', 'database', 'sparkles']),
  description: z.string().min(1),
  keywords: z.array(z.string().min(1)).min(1),
});

export const quickQuestionSchema = z.object({
  label: z.string().min(1),
  question: z.string().min(1),
});

export const publicProfileSchema = z.object({
  name: z.string().min(1),
  title: z.string().min(1),
  experience: z.string().min(1),
  // What the chat's header adds after the title and experience, e.g. "GenAI specialist".
  specialty: z.string().min(1).optional(),
  projects: z.string().min(1),
  responseTime: z.string().min(1),
  location: z.string().min(1),
  availability: z.string().min(1),
  workStyle: z.string().min(1),
  // A file in the content folder: an SVG, PNG, JPEG or WebP picture.
  photo: z
    .string()
    .regex(/\.(svg|png|jpe?g|webp)$/i, 'must be an .svg, .png, .jpg, .jpeg or .webp file')
    .optional(),
  greeting: z.string().min(1),
  expertise: z.array(expertiseSchema).min(1),
  quickQuestions: z.array(quickQuestionSchema).min(1),
});

export const profileFileSchema = publicProfileSchema.extend({
  persona: z.string().min(1),
});

export type Expertise = z.infer<typeof expertiseSchema>;
export type QuickQuestion = z.infer<typeof quickQuestionSchema>;
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export type ProfileFile = z.infer<typeof profileFileSchema>;
