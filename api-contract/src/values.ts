import { Type } from 'typebox';

// Shapes of answer fields that mean more than their JSON type.

/** An instant as ISO 8601 text (`2026-11-22T14:22:19.000Z`); the server may hand the serializer a Date. */
export const DateTime = Type.String({ format: 'date-time' });
export const NullableDateTime = Type.Union([DateTime, Type.Null()]);

/** An amount of money in thousandths of a yuan (厘). */
export const Money = (description: string) => Type.Integer({ description: `${description}（单位：厘，千分之一元）` });
