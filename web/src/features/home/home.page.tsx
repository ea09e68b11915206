import { HydrateWhenVisible } from '../../components/hydrate-when-visible';
import { PageTitle } from '../../components/page-title';
import { AboutSection } from './about-section';
import { CareersSection } from './careers-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { ProductsSection } from './products-section';
import { ServicesSection } from './services-section';
import './home.css';

// Below the hero, each section (by its root element's id) is hydrated when it is about to be seen or
// used: most of the page's 1,000 elements are in the two carousels a phone has not scrolled to yet.
export default function HomePage() {
  return (
    <>
      <PageTitle />
      <HeroSection />
      <HydrateWhenVisible elementId="services">
        <ServicesSection />
      </HydrateWhenVisible>
      <HydrateWhenVisible elementId="about">
        <AboutSection />
      </HydrateWhenVisible>
      <HydrateWhenVisible elementId="products">
        <ProductsSection />
      </HydrateWhenVisible>
      <HydrateWhenVisible elementId="careers">
        <CareersSection />
      </HydrateWhenVisible>
      <HydrateWhenVisible elementId="contact">
        <ContactSection />
      </HydrateWhenVisible>
    </>
  );
}
