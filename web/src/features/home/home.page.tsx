import { PageTitle } from '../../components/page-title';
import { AboutSection } from './about-section';
import { CareersSection } from './careers-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { ProductsSection } from './products-section';
import { ServicesSection } from './services-section';
import './home.css';

export default function HomePage() {
  return (
    <>
      <PageTitle />
      <HeroSection />
      <ServicesSection />
      <AboutSection />
      <ProductsSection />
      <CareersSection />
      <ContactSection />
    </>
  );
}
