import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import { parseDocumented, presentParams, subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { intParam, parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { DEFAULT_INPUT_ITEMS, InputItemsQuerySchema, MAX_INPUT_ITEMS } from './list-input-items.schema';
import { ResponsePathSchema } from './responses.schema';

/**
 * GET /v1/responses/{response_id}/input_items: the input items of a stored response of the Subject (its own turn's
 * input, `item_reference`s resolved), paged like the protocol: `limit` 1–100 (default 20), `order` `desc` (default)
 * or `asc`, `after` an item id; `{object: "list", data, first_id, last_id, has_more}`. 404 once the response is gone.
 */
export const handler = apiKeyRoute(
  httpRoute('list-response-input-items'),
  { bucket },
  async ({ req, services, tenancy }) => {
    const id = parseWith(ResponsePathSchema, req.pathParams).response_id;
    const { limit, order } = parseDocumented(InputItemsQuerySchema, presentParams(req.query), () => {
      const limit = intParam(req.query.limit, 'limit', 1, MAX_INPUT_ITEMS, DEFAULT_INPUT_ITEMS);
      const order = req.query.order ?? 'desc';
      if (order !== 'asc' && order !== 'desc') {
        throw new BadRequestError('order must be "asc" or "desc"', 'invalid_order', 'order');
      }
      return { limit, order };
    });
    const subject = await tenancy.find(subjectOfQuery(req));
    const stored = subject ? await services.conversations.get(subject.subjectId, id, nowMs()) : null;
    if (!stored) throw new NotFoundError(`Response with id '${id}' not found.`, 'response_id');
    const items = order === 'asc' ? stored.inputItems : [...stored.inputItems].reverse();
    let start = 0;
    if (req.query.after !== undefined) {
      const at = items.findIndex((item) => item.id === req.query.after);
      if (at < 0)
        throw new BadRequestError(
          `No input item with id '${req.query.after}' in this response`,
          'invalid_after',
          'after',
        );
      start = at + 1;
    }
    const data = items.slice(start, start + limit);
    return {
      body: {
        object: 'list',
        data,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
        has_more: start + limit < items.length,
      },
    };
  },
);
