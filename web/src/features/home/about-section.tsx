import { CheckCircleIcon, ShieldIcon, StonesIcon } from '../../components/icons';

const VALUES = [
  {
    title: 'Certified therapists',
    text: 'Every therapist is trained and certified, and keeps learning with us.',
    Icon: CheckCircleIcon,
  },
  {
    title: 'Hygiene you can trust',
    text: 'Fresh linen for every guest and rooms prepared between each treatment.',
    Icon: ShieldIcon,
  },
  {
    title: 'Unhurried care',
    text: 'Time to settle in before and to rest after, never a rushed hand-over.',
    Icon: StonesIcon,
  },
];

export function AboutSection() {
  return (
    <section id="about" className="home-section home-section--sand" aria-labelledby="about-title">
      <div className="container about">
        <div className="about__panel" aria-hidden="true">
          <p className="about__quote">“Rest is where wellness begins.”</p>
          <svg viewBox="0 0 200 120" className="about__ripples" focusable="false">
            <g fill="none" stroke="currentColor">
              <ellipse cx="100" cy="60" rx="96" ry="26" />
              <ellipse cx="100" cy="60" rx="66" ry="17" />
              <ellipse cx="100" cy="60" rx="36" ry="9" />
            </g>
          </svg>
        </div>

        <div className="about__copy">
          <span className="eyebrow">About us</span>
          <h2 id="about-title">A sanctuary in the heart of Indore</h2>
          <p>
            We opened our doors in Vijay Nagar with a simple idea: a spa should feel like a pause from the
            city. Soft light, quiet rooms and therapists who listen before they begin.
          </p>
          <p>
            Our treatments bring together classical Ayurveda and modern spa therapy, in single and couple
            rooms across three tiers: Silver, Gold and Diamond.
          </p>
          <ul className="about__values">
            {VALUES.map(({ title, text, Icon }) => (
              <li key={title}>
                <Icon size={22} />
                <div>
                  <h3>{title}</h3>
                  <p>{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
