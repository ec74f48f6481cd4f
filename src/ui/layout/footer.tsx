import { Link } from 'wouter';
import { paths } from '../routes';
import { LEARNING_LINKS } from './nav-bar';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-mission">
          <h2 id="footer-mission" className="footer__heading">
            Our mission
          </h2>
          <p>
            SustainLearn helps the people who design, build and run our cities learn how to make them low-carbon, healthy
            and good for nature.
          </p>
        </section>
        <nav aria-labelledby="footer-learning">
          <h2 id="footer-learning" className="footer__heading">
            Learning
          </h2>
          <ul>
            {LEARNING_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer__heading">
            Contact
          </h2>
          <p>
            <a href="mailto:hello@sustainlearn.example">hello@sustainlearn.example</a>
          </p>
          <p>
            <Link href={paths.contact}>Contact us</Link>
          </p>
        </section>
      </div>
      <p className="footer__legal container">© {new Date().getFullYear()} SustainLearn</p>
    </footer>
  );
}
