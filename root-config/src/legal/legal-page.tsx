import type { LegalDocument } from './legal-texts';
import { privacyPolicy, userAgreement } from './legal-texts';

function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <div className="rc-page-frame rc-legal">
      <article className="rc-page">
        <h1 className="rc-page-title">{document.title}</h1>
        <p className="rc-legal-updated">{document.updated}</p>
        <p>{document.preface}</p>
        {document.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}

/** `/agreement`: the user agreement that registration asks to accept. */
export const UserAgreementPage = () => <LegalPage document={userAgreement} />;

/** `/privacy`: the privacy policy that registration asks to accept. */
export const PrivacyPolicyPage = () => <LegalPage document={privacyPolicy} />;
