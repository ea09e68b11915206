import { business } from '../../app/business';
import { MailIcon } from '../../components/icons';

// The three employee roles of the spec (manager, receptionist, service staff).
const OPENINGS = [
  {
    title: 'Service Staff',
    text: 'Certified massage, beauty and Ayurveda therapists. Morning and night shifts.',
  },
  {
    title: 'Receptionist',
    text: 'Warm, organised people to welcome guests and look after bookings and billing.',
  },
  {
    title: 'Manager',
    text: 'Experienced spa managers to lead the team and every guest’s experience.',
  },
];

export function CareersSection() {
  return (
    <section id="careers" className="home-section" aria-labelledby="careers-title">
      <div className="container careers">
        <div className="careers__intro">
          <span className="eyebrow">Careers</span>
          <h2 id="careers-title">Grow with a caring team</h2>
          <p className="lead">
            We look for people who love looking after others. Expect steady training, fair shifts and a calm
            place to work.
          </p>
          <a className="btn btn--primary" href={`mailto:${business.careersEmail}?subject=Job%20application`}>
            <MailIcon size={18} /> Send us your CV
          </a>
          <p className="careers__email muted">
            Or write to <a href={`mailto:${business.careersEmail}`}>{business.careersEmail}</a>
          </p>
        </div>
        <ul className="careers__list">
          {OPENINGS.map((opening) => (
            <li key={opening.title} className="careers__item">
              <h3>{opening.title}</h3>
              <p>{opening.text}</p>
              <span className="careers__tag">Indore · Full time</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
