import type { InfographicTemplate, TemplateDebug } from '@voxpress/contracts';
import { userMessageOf } from '../../../engines/engine.ts';
import { sizeOf } from '../library/infographic-mapper.ts';
import { dataFor } from '../material/infographic-material.ts';
import { sampleMaterial } from '../planning/template-samples.ts';
import { GENERATION_FAILED } from './set-context.ts';
import type { InfographicRenderer } from './variation-renderer.ts';

/** A template drawn now with sample texts: what `debug/template/{id}` shows. */
export async function debugTemplate(
  renderer: InfographicRenderer,
  template: InfographicTemplate,
): Promise<TemplateDebug> {
  const status = await renderer.status();
  const data = dataFor(
    sampleMaterial(template.content_type),
    template.emphases[0] ?? 'key_points',
    template.custom_layers,
  );
  const size = { width: 512, height: 512 };
  const sample: TemplateDebug['sample'] = {
    data,
    size: sizeOf(size.width, size.height),
    render_ms: null,
    png_bytes: null,
    data_url: null,
    error: null,
  };
  try {
    const result = await renderer.render({
      style: template.layout_style,
      contentType: template.content_type,
      ...size,
      data,
      audience: 'general',
      culturalContext: 'international',
    });
    sample.render_ms = Math.round(result.renderMs * 10) / 10;
    sample.png_bytes = result.png.byteLength;
    sample.data_url = `data:image/png;base64,${Buffer.from(result.png).toString('base64')}`;
  } catch (err) {
    sample.error = userMessageOf(err, GENERATION_FAILED);
  }
  return {
    template,
    renderer: {
      id: 'renderer',
      name: 'Infographic renderer',
      state: status?.state ?? 'missing',
      reason: status?.reason ?? 'No renderer is set up',
    },
    sample,
  };
}
