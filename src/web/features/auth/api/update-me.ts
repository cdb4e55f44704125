import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '#shared/contracts/auth.ts';
import { api } from '#web/lib/api-client.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { meQueryOptions } from './get-me.ts';

export function updateMe(body: UpdateProfileBody): Promise<Profile> {
  return api.me.update({ body });
}

/** Saves the profile and updates the signed-in user the header shows. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (profile) => {
      queryClient.setQueryData(meQueryOptions(profile.id).queryKey, profile);
      setUser({
        name: profile.name,
        ...(profile.phone ? { phone: profile.phone } : { phone: undefined }),
        ...(profile.location ? { location: profile.location } : { location: undefined }),
        ...(profile.bio ? { bio: profile.bio } : { bio: undefined }),
        ...(profile.avatar ? { avatar: profile.avatar } : { avatar: undefined }),
      });
    },
  });
}
