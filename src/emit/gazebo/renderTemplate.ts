/// <reference path="./handlebarsRuntime.d.ts" />
import Handlebars from "handlebars/runtime.js";

import { loadValidator, type PrecompiledValidator } from "../../schema/loadValidator.js";
import type { XmlOutElement } from "../xml/xmlDocument.js";
import type { TemplateData } from "./templateData.js";
import type { TemplateName } from "./templateSources.js";
import { TEMPLATE_SPECS } from "./templateSpecs.js";

const validators = new Map<TemplateName, PrecompiledValidator>();
const compiled = new Map<TemplateName, HandlebarsTemplateDelegate>();
// The runtime only: templates are precompiled at build time (scripts/precompile-templates.ts).
const handlebars = Handlebars.create();

/**
 * Renders a plugin-block template to XML text after checking its data against the
 * template's JSON Schema. Throws TypeError naming the template and the offending field
 * when the data does not match (a robokit bug, not a user error: the data is built from a
 * checked model). Values are XML-escaped by Handlebars.
 */
export function renderTemplate<N extends TemplateName>(name: N, data: TemplateData[N]): string {
  let validate = validators.get(name);
  if (validate === undefined) {
    // TEMPLATE_SCHEMAS[name], precompiled by scripts/precompile-validators.ts.
    validate = loadValidator("gazebo-templates.cjs", name);
    validators.set(name, validate);
  }
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map(
      (e) =>
        `${e.instancePath || "/"} ${e.message ?? ""}${"missingProperty" in e.params ? ` (${String(e.params["missingProperty"])})` : ""}${"additionalProperty" in e.params ? ` (${String(e.params["additionalProperty"])})` : ""}`,
    );
    throw new TypeError(`template "${name}": invalid data: ${problems.join("; ")}`);
  }
  let template = compiled.get(name);
  if (template === undefined) {
    template = handlebars.template(TEMPLATE_SPECS[name]);
    compiled.set(name, template);
  }
  return template(data);
}

/** Renders a template and appends the resulting elements to `parent`. */
export function appendTemplate<N extends TemplateName>(parent: XmlOutElement, name: N, data: TemplateData[N]): void {
  parent.importXml(renderTemplate(name, data));
}
