import { ServicesCarousel } from './services-carousel';

export function ServicesSection() {
  return (
    <section id="services" className="home-section" aria-labelledby="services-title">
      <div className="container">
        <ServicesCarousel
          title="Our Services"
          intro="Time-honoured therapies and modern rituals, each tailored to how you feel when you arrive."
        />
      </div>
    </section>
  );
}
