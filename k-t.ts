import { isKnownMeasurement } from './shared/domain/extraction/vocabulary';
for (const n of ['Birth weight','Birth length','Birth head circumference','length','head circumference','weight']) console.log(n, isKnownMeasurement(n,'kg'), isKnownMeasurement(n,'cm'));
