import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { DropIcon, GiftIcon, LeafIcon, SparkleIcon } from '../../components/icons';
import { SectionHeading } from '../../components/section-heading';

// Static categories until the live products carousel (spec: Home sections) takes this section's place.
const PRODUCT_HIGHLIGHTS = [
  {
    title: 'Massage & aroma oils',
    text: 'Cold-pressed blends we use in our own rooms.',
    Icon: DropIcon,
    tone: 'sage',
  },
  {
    title: 'Skin care',
    text: 'Gentle cleansers, serums and masks for daily rituals.',
    Icon: SparkleIcon,
    tone: 'sand',
  },
  {
    title: 'Bath & body',
    text: 'Scrubs, salts and butters for a spa evening at home.',
    Icon: LeafIcon,
    tone: 'clay',
  },
  {
    title: 'Gift sets',
    text: 'Thoughtful boxes for birthdays, weddings and festivals.',
    Icon: GiftIcon,
    tone: 'teal',
  },
] as const;

export function ProductsSection() {
  return (
    <section className="home-section" aria-labelledby="products-title">
      <div className="container">
        <SectionHeading id="products-title" eyebrow="Spa store" title="Our Products">
          Take the calm home with the oils, skin care and gifts our therapists trust.
        </SectionHeading>
        <ul className="product-grid">
          {PRODUCT_HIGHLIGHTS.map(({ title, text, Icon, tone }) => (
            <li key={title} className={`product-tile product-tile--${tone}`}>
              <span className="product-tile__art">
                <Icon size={40} />
              </span>
              <div className="product-tile__body">
                <h3>{title}</h3>
                <p>{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="home-section__footer">
          <p className="muted">Browse every product, with prices and stock, in our online store.</p>
          <Link className="btn btn--secondary" to={paths.store}>
            Visit the store
          </Link>
        </div>
      </div>
    </section>
  );
}
