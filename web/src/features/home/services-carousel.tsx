import { useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterChips } from '../../components/ui/filter-chips';
import { useCategories, useServices } from '../catalogue/catalogue.queries';
import { activeCategoriesInOrder, publicServices } from '../catalogue/service-lists';
import { refId } from '../catalogue/types';
import { CarouselSkeleton, CarouselTrack } from './carousel-track';
import { ServiceCard } from './service-card';

interface ServicesCarouselProps {
  /** 'Our Services' on the home page, 'Explore Services' elsewhere (spec: Home sections). */
  title?: string;
  titleId?: string;
  intro?: string;
}

/** Treatments by category in a scrollable strip (spec: Home sections, services). */
export function ServicesCarousel({
  title = 'Explore Services',
  titleId = 'services-title',
  intro,
}: ServicesCarouselProps) {
  const services = useServices();
  const categories = useCategories();
  const [categoryId, setCategoryId] = useState('');

  // Spec section 8: a failed load is only logged; the list stays empty.
  useEffect(() => {
    if (services.error) console.error('Failed to load services', services.error);
    if (categories.error) console.error('Failed to load categories', categories.error);
  }, [services.error, categories.error]);

  const activeCategories = useMemo(
    () => (categories.data ? activeCategoriesInOrder(categories.data) : undefined),
    [categories.data],
  );
  const chips = (activeCategories ?? []).map((category) => ({ value: category._id, label: category.name }));
  const shown = useMemo(
    () =>
      publicServices(services.data ?? [], activeCategories).filter(
        (service) => !categoryId || refId(service.category) === categoryId,
      ),
    [services.data, activeCategories, categoryId],
  );
  const categoryName = chips.find((chip) => chip.value === categoryId)?.label;

  return (
    <div className="catalogue-carousel">
      <header className="section-heading">
        <span className="eyebrow">Treatments</span>
        <h2 id={titleId}>{title}</h2>
        {intro && <p className="lead">{intro}</p>}
      </header>

      <FilterChips
        label="Service categories"
        allLabel="All Treatments"
        options={chips}
        value={categoryId}
        onChange={setCategoryId}
      />

      {services.isPending ? (
        <CarouselSkeleton />
      ) : shown.length === 0 ? (
        <EmptyState
          title="No services found"
          message={
            categoryName ? `No services available in ${categoryName} category` : 'No services available'
          }
        />
      ) : (
        <CarouselTrack label="Services">
          {shown.map((service) => (
            <ServiceCard key={service._id} service={service} />
          ))}
        </CarouselTrack>
      )}
    </div>
  );
}
