import { detectHeader } from './shared/domain/extraction/table-layout';
console.log(JSON.stringify(detectHeader('Patient ID,Collection Date,Test Name,Result Value,Units,Reference Range,Abnormal Flag,Performing Lab','month-first')));
