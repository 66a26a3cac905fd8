import type {
  InfographicContentType,
  InfographicTemplate,
  LayoutStyleKey,
  TemplateCreateRequest,
  zTemplateCreateRequest,
  zTemplateDuplicateRequest,
} from '@voxpress/contracts';
import type { z } from 'zod';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import type {
  InfographicLibraryRepository,
  TemplateRow,
} from '../../../repositories/infographics/library.repository.ts';
import {
  bestForOf,
  builtInTemplate,
  builtInTemplates,
  EMPHASES_BY_TYPE,
  layoutStyle,
  parseBuiltInId,
} from './built-in-templates.ts';
import type { ChosenTemplate } from './variation-planner.ts';

export const templateNotFound = () => notFound('Template not found', 'infographic_template_not_found');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user's template in the API's shape: its layout style with its own colours and layers. */
export function toTemplate(row: TemplateRow): InfographicTemplate {
  const type = row.contentType as InfographicContentType;
  const styleKey = row.layoutStyle as LayoutStyleKey;
  const style = layoutStyle(styleKey);
  const scheme = row.colorScheme;
  const emphases = [...EMPHASES_BY_TYPE[type]];
  return {
    id: row.id,
    name: row.name,
    description: `${style.name} layout with your own ${Object.keys(scheme).length ? 'colours and ' : ''}layers.`,
    source: 'user',
    content_type: type,
    layout_style: styleKey,
    style: { ...style, colors: { ...style.colors } },
    colors: { ...style.colors, ...scheme },
    color_scheme: scheme,
    custom_layers: row.customLayers,
    emphases,
    template_info: { style: styleKey, emphasis: emphases[0] ?? 'key_points', best_for: bestForOf(styleKey) },
    based_on: row.basedOn,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Built-in templates (layout style × content type) and the ones users make from them. */
export class TemplatesService {
  constructor(private readonly library: InfographicLibraryRepository) {}

  /** Built-in templates, then the user's own; both only of `type` when given. */
  async list(userId: string, type?: InfographicContentType): Promise<InfographicTemplate[]> {
    return [...builtInTemplates(type), ...(await this.userTemplates(userId, type))];
  }

  async userTemplates(userId: string, type?: InfographicContentType): Promise<InfographicTemplate[]> {
    return (await this.library.listTemplates(userId, type)).map(toTemplate);
  }

  /** A built-in template or one of the user's own; anyone else's is not found. */
  async get(userId: string, id: string): Promise<InfographicTemplate> {
    const builtIn = parseBuiltInId(id);
    if (builtIn) return builtInTemplate(builtIn.style, builtIn.contentType);
    if (!UUID.test(id)) throw templateNotFound();
    const row = await this.library.findTemplateOwned(userId, id);
    if (!row) throw templateNotFound();
    return toTemplate(row);
  }

  /** A template to draw with: its style and layers. */
  async chosen(
    userId: string,
    id: string,
  ): Promise<ChosenTemplate & { contentType: InfographicContentType }> {
    const template = await this.get(userId, id);
    return {
      id: template.id,
      name: template.name,
      style: template.layout_style,
      layers: template.custom_layers,
      contentType: template.content_type,
    };
  }

  async create(
    userId: string,
    request: z.output<typeof zTemplateCreateRequest>,
  ): Promise<InfographicTemplate> {
    return this.insert(userId, {
      template_name: request.template_name,
      content_type: request.content_type,
      layout_style: request.layout_style,
      color_scheme: request.color_scheme,
      custom_layers: request.custom_layers,
    });
  }

  /** A copy of a built-in or own template under a new name, with the modifications applied. */
  async duplicate(
    userId: string,
    request: z.output<typeof zTemplateDuplicateRequest>,
  ): Promise<InfographicTemplate> {
    const source = await this.get(userId, request.template_id);
    const changes = request.modifications;
    return this.insert(
      userId,
      {
        template_name: request.new_name,
        content_type: changes.content_type ?? source.content_type,
        layout_style: changes.layout_style ?? source.layout_style,
        color_scheme: { ...source.color_scheme, ...changes.color_scheme },
        custom_layers: changes.custom_layers ?? source.custom_layers,
      },
      source.id,
    );
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.library.deleteTemplate(userId, id))) throw templateNotFound();
  }

  private async insert(userId: string, t: Required<TemplateCreateRequest>, basedOn?: string) {
    const row = await this.library.insertTemplate({
      userId,
      name: t.template_name,
      contentType: t.content_type,
      layoutStyle: t.layout_style,
      colorScheme: t.color_scheme,
      customLayers: t.custom_layers,
      basedOn: basedOn ?? null,
    });
    if (!row)
      throw new HttpError(
        409,
        'infographic_template_name_taken',
        `You already have a template named "${t.template_name}". Choose another name.`,
        { name: t.template_name },
      );
    return toTemplate(row);
  }
}
