import { useMutation, useQueryClient } from '@tanstack/react-query';
import { selectIsSignedIn, useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { addFavorite, catalogueKeys, removeFavorite } from '../catalogue/catalogue.api';
import { useFavoriteCheck } from '../catalogue/catalogue.queries';

/** The heart on a treatment: needs sign-in; answers with the spec's toasts. */
export function useFavoriteToggle(serviceId: string) {
  const signedIn = useSessionStore(selectIsSignedIn);
  const queryClient = useQueryClient();
  const check = useFavoriteCheck(serviceId);
  const isFavorite = signedIn && Boolean(check.data?.isFavorite);

  const mutation = useMutation({
    mutationFn: (makeFavorite: boolean) =>
      makeFavorite ? addFavorite(serviceId) : removeFavorite(serviceId),
    onSuccess: (_answer, madeFavorite) => {
      queryClient.setQueryData(catalogueKeys.favoriteCheck(serviceId), { isFavorite: madeFavorite });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.favorites(), exact: true });
      toast.success(madeFavorite ? 'Added to favorites' : 'Removed from favorites');
    },
    onError: () => toast.error('Failed to update favorites'),
  });

  const toggle = () => {
    if (!signedIn) {
      toast.error('Please login to add favorites');
      return;
    }
    mutation.mutate(!isFavorite);
  };

  return { isFavorite, toggle, pending: mutation.isPending };
}
