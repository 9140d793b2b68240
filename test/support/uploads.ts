/** `POST /v1/files` as multipart, with any form fields before the file; returns the status (the body is read). */
export async function postFile(
  baseUrl: string,
  key: string,
  file: { name: string; data: Buffer; type: string },
  fields: Record<string, string> = {},
): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}
