import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { argumentsFor, asksForTool, toolAskedFor } from '../../../shared/adapters/model/offline-engine/client-tools';
import type { ModelTool } from '../../../shared/ports/model-provider';

const TODAY = '2026-11-21';
const ajv = new Ajv({ strict: false });

const weather: ModelTool = {
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['city'],
    additionalProperties: false,
  },
};

const booking: ModelTool = {
  name: 'bookAppointment',
  description: 'Book an appointment with a clinician',
  parameters: {
    type: 'object',
    properties: {
      date: { type: 'string', format: 'date' },
      duration_minutes: { type: 'integer', minimum: 15, maximum: 120 },
      email: { type: 'string', description: 'Where the confirmation goes' },
      reason: { type: 'string', maxLength: 40 },
      remind: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
      clinic: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    },
    required: ['date', 'duration_minutes', 'reason', 'remind', 'tags', 'clinic'],
  },
};

describe('client tools offline', () => {
  it('calls a tool when the question names what it is about, not for its action words', () => {
    expect(asksForTool(weather, "What's the weather in Oslo?")).toBe(true);
    expect(asksForTool(weather, 'Get me my glucose')).toBe(false);
    expect(toolAskedFor([weather, booking], 'Please book an appointment for 2026-12-01')?.name).toBe('bookAppointment');
    expect(toolAskedFor([weather, booking], 'How is my LDL?')).toBeNull();
    // A name of action words alone is read from its description.
    const lookup = { name: 'lookup', description: "Looks up an order's shipping status", parameters: {} };
    expect(asksForTool(lookup, 'What is the shipping status of my order?')).toBe(true);
    expect(asksForTool(lookup, 'What is my glucose status?')).toBe(false);
  });

  it('fills arguments from the question, valid against the schema', () => {
    const args = argumentsFor(weather, "What's the weather in New York in fahrenheit?", TODAY);
    expect(args).toEqual({ city: 'New York', unit: 'fahrenheit' });
    expect(ajv.validate(weather.parameters, args)).toBe(true);

    const booked = argumentsFor(booking, 'Book an appointment on 2026-12-01 for 30 minutes, mail me at a@b.org', TODAY);
    expect(booked).toMatchObject({ date: '2026-12-01', duration_minutes: 30, email: 'a@b.org', remind: false });
    expect(ajv.validate(booking.parameters, booked), JSON.stringify(ajv.errors)).toBe(true);
  });

  it('leaves out optional fields the question does not fill, and keeps required ones within their bounds', () => {
    const args = argumentsFor(booking, 'book an appointment', TODAY);
    expect(args).not.toHaveProperty('email');
    expect(args.date).toBe(TODAY);
    expect(args.duration_minutes).toBe(15);
    expect((args.reason as string).length).toBeLessThanOrEqual(40);
    expect(ajv.validate(booking.parameters, args), JSON.stringify(ajv.errors)).toBe(true);
  });
});
