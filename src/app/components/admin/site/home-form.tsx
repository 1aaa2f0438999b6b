import { SITE_LIMITS as L } from "~/shared/site-content";
import { Card } from "~/app/components/ui/card";
import { useSiteField } from "./site-editor-context";
import { SiteCards, SiteTextField, SiteTextList } from "./site-fields";

const ordinal = (i: number) => ["First", "Second", "Third", "Fourth"][i] ?? `Number ${i + 1}`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="space-y-4">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </Card>
  );
}

/** The home page's copy, section by section as the page shows it (docs/product.md section 2, Home). */
export function HomeForm() {
  return (
    <div className="space-y-6">
      <Section title="Hero">
        <SiteTextField path={["home", "hero", "eyebrow"]} label="Badge" max={L.title} />
        <SiteTextField path={["home", "hero", "headline"]} label="Headline" max={L.headline} />
        <SiteTextField path={["home", "hero", "subheadline"]} label="Lead" max={L.text} multiline />
        <div className="grid gap-4 sm:grid-cols-2">
          <SiteTextField path={["home", "hero", "primaryButton"]} label="First button" max={L.label} />
          <SiteTextField path={["home", "hero", "secondaryButton"]} label="Second button" max={L.label} />
        </div>
        <SiteCards
          path={["home", "hero", "cards"]}
          label={(i) => `${ordinal(i)} card`}
          count={3}
          titleMax={L.title}
          textMax={L.text}
        />
      </Section>
      <Section title="About">
        <SiteTextField path={["home", "about", "title"]} label="Title" max={L.title} />
        <SiteTextList
          path={["home", "about", "paragraphs"]}
          label="Story"
          itemLabel={(i) => `Paragraph ${i + 1}`}
          max={L.paragraph}
          maxItems={4}
          multiline
        />
        <SiteCards
          path={["home", "about", "cards"]}
          label={(i) => `${ordinal(i)} card`}
          count={3}
          titleMax={L.title}
          textMax={L.text}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SiteTextField path={["home", "about", "productButton", "label"]} label="Product button" max={L.label} />
          <SiteTextField path={["home", "about", "productButton", "url"]} label="Product address" max={L.url} />
        </div>
      </Section>
      <Section title="How It Works">
        <SiteTextField path={["home", "howItWorks", "title"]} label="Title" max={L.title} />
        <SiteTextField path={["home", "howItWorks", "intro"]} label="Introduction" max={L.text} multiline />
        <SiteCards
          path={["home", "howItWorks", "steps"]}
          label={(i) => `Step ${i + 1}`}
          count={4}
          titleMax={L.title}
          textMax={L.text}
        />
      </Section>
      <Section title="Core Technology">
        <SiteTextField path={["home", "coreTech", "title"]} label="Title" max={L.title} />
        <SiteTextField path={["home", "coreTech", "intro"]} label="Introduction" max={L.text} multiline />
        {[0, 1].map((i) => (
          <fieldset key={i} className="space-y-3 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-800">{`${ordinal(i)} block`}</legend>
            <SiteTextField path={["home", "coreTech", "blocks", i, "title"]} label="Title" max={L.title} />
            <SiteTextField path={["home", "coreTech", "blocks", i, "text"]} label="Text" max={L.text} multiline />
            <SiteTextList
              path={["home", "coreTech", "blocks", i, "points"]}
              label="Points"
              itemLabel={(j) => `Point ${j + 1}`}
              max={L.line}
              maxItems={L.listItems}
            />
          </fieldset>
        ))}
        <SiteTextField path={["home", "coreTech", "benefits", "title"]} label="Benefits title" max={L.title} />
        <SiteCards
          path={["home", "coreTech", "benefits", "items"]}
          label={(i) => `${ordinal(i)} benefit`}
          count={3}
          titleMax={L.title}
          textMax={L.text}
        />
      </Section>
      <Section title="Figures">
        <SiteTextField path={["home", "facts", "title"]} label="Title" max={L.title} />
        <FiguresFields />
      </Section>
      <Section title="Industry Use Cases">
        <SiteTextField path={["home", "industriesSection", "title"]} label="Title" max={L.title} />
        <SiteTextField path={["home", "industriesSection", "intro"]} label="Introduction" max={L.text} multiline />
        <div className="grid gap-4 sm:grid-cols-2">
          <SiteTextField path={["home", "industriesSection", "learnMoreLabel"]} label="Card link" max={L.label} />
          <SiteTextField
            path={["home", "industriesSection", "exploreAllLabel"]}
            label="Button to all industries"
            max={L.title}
          />
        </div>
      </Section>
      <Section title="Call to action">
        <SiteTextField path={["home", "cta", "headline"]} label="Headline" max={L.headline} />
        <SiteTextField path={["home", "cta", "text"]} label="Text" max={L.text} multiline />
        <SiteTextField path={["home", "cta", "button"]} label="Button" max={L.label} />
      </Section>
      <Section title="Contact">
        <SiteTextField path={["home", "contact", "title"]} label="Title" max={L.title} />
        <SiteTextField path={["home", "contact", "intro"]} label="Introduction" max={L.text} multiline />
      </Section>
    </div>
  );
}

/** The figures band: figure and label of each (at most six). */
function FiguresFields() {
  const { value = [] } = useSiteField<unknown[]>(["home", "facts", "items"]);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {value.map((_, i) => (
        <fieldset key={i} className="space-y-3 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">{`Figure ${i + 1}`}</legend>
          <SiteTextField path={["home", "facts", "items", i, "figure"]} label="Figure" max={12} />
          <SiteTextField path={["home", "facts", "items", i, "label"]} label="Label" max={L.title} />
        </fieldset>
      ))}
    </div>
  );
}
