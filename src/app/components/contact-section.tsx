import { ContactForm } from "./contact-form";
import { SectionHeading } from "./section-heading";
import { Card } from "./ui/card";

/** The contact form in its section; anchor `contact` (docs/product.md section 2). `industry` preselects the form's industry. */
export function ContactSection({ title, intro, industry }: { title: string; intro: string; industry?: string }) {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-white px-4 py-14 sm:py-20">
      <SectionHeading id="contact-heading" title={title} intro={intro} />
      <Card className="mx-auto max-w-3xl">
        <ContactForm defaultIndustry={industry} />
      </Card>
    </section>
  );
}
