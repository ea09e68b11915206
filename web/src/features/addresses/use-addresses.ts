import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../stores/session.store';
import {
  addressKeys,
  createAddress,
  deleteAddress,
  fetchAddresses,
  updateAddress,
  type AddressInput,
} from './addresses.api';

/** GET /addresses for the signed-in user, shared by the address book and the checkout. */
export function useAddresses() {
  const userId = useSessionStore((state) => (state.token && state.user ? state.user.id : null));
  return useQuery({
    queryKey: [...addressKeys.all, userId],
    queryFn: fetchAddresses,
    // Unguarded page (spec): signed out, the call is still made so the 401 sends the visitor to sign in.
    refetchOnMount: 'always',
  });
}

/** Add (no id) or edit (with id); the list reloads afterwards. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AddressInput }) =>
      id ? updateAddress(id, input) : createAddress(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAddress(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
