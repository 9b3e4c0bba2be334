import type { LookupOption, Profile, ProfileUpdate } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { API } from '../api/paths';

export type Culture = { code: string; name: string };

export const profileKeys = {
  all: ['profile'] as const,
  mine: () => [...profileKeys.all, 'me'] as const,
  timeZones: () => ['lookups', 'time-zones'] as const,
  cultures: () => ['lookups', 'cultures'] as const,
};

export const profileQuery = () =>
  queryOptions({
    queryKey: profileKeys.mine(),
    queryFn: () => apiRequest<Profile>(API.profile, { tenant: false }),
  });

export const timeZonesQuery = () =>
  queryOptions({
    queryKey: profileKeys.timeZones(),
    // { value: IANA name, label: "(UTC+01:00) Europe/Berlin" } (decision 021)
    queryFn: () => apiRequest<LookupOption[]>(API.timeZones, { tenant: false }),
    staleTime: Infinity,
  });

export const culturesQuery = () =>
  queryOptions({
    queryKey: profileKeys.cultures(),
    queryFn: () => apiRequest<Culture[]>(API.cultures, { method: 'POST', body: {}, tenant: false }),
    staleTime: Infinity,
  });

export const useProfile = (enabled = true) => useQuery({ ...profileQuery(), enabled });
export const useTimeZones = () => useQuery(timeZonesQuery());
export const useCultures = () => useQuery(culturesQuery());

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => apiRequest<Profile>(API.profile, { method: 'PUT', body, tenant: false }),
    // written before the call returns, so the language sync never flips back to the old culture
    onMutate: (body) => {
      const previous = qc.getQueryData<Profile>(profileKeys.mine());
      if (previous) qc.setQueryData<Profile>(profileKeys.mine(), { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) qc.setQueryData(profileKeys.mine(), context.previous);
    },
    onSuccess: (profile) => qc.setQueryData(profileKeys.mine(), profile),
  });
}

export function useUploadProfilePicture() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<Profile>(API.profilePicture, { method: 'POST', body: form, tenant: false });
    },
    onSuccess: (profile) => qc.setQueryData(profileKeys.mine(), profile),
  });
}
