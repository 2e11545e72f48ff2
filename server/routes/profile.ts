import path from 'node:path';
import { Router } from 'express';
import type { AppContext } from '../app-deps';
import { notFound } from '../lib/app-error';
import { toPublicProfile } from '../services/content/load-content';

export function createProfileRoutes({ content }: AppContext): Router {
  const router = Router();
  const publicProfile = toPublicProfile(content.profile);

  router.get('/api/profile', (_req, res) => {
    res.json({ ...publicProfile, photo: publicProfile.photo ? '/api/profile/photo' : undefined });
  });

  router.get('/api/profile/photo', (_req, res, next) => {
    const photo = content.profile.photo;
    if (!photo) return next(notFound('This profile has no photo.'));
    // An SVG is a document that could carry script: served on its own, it runs none.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    // basename() keeps the configured file inside the content folder.
    res.sendFile(path.resolve(content.dir, path.basename(photo)), { maxAge: '1h' }, (error) => {
      if (error) next(notFound('The profile photo file is missing.'));
    });
  });
  return router;
}
