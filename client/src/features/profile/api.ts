import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@shared/content';

// GET /api/profile through the default query function (key ['profile']).
export const profileQuery = () => queryOptions<PublicProfile>({ queryKey: ['profile'] });

export const useProfile = () => useQuery(profileQuery());
