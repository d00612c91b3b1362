import { useMutation } from '@tanstack/react-query'
import { api, call } from '~/web/api'

/** Only if the server named no file, which it always does. */
const FALLBACK_NAME = 'lumin-data.json'

/** GET /api/account/export: the file exactly as the server wrote it, with the name it gave it. */
async function fetchMyData() {
  const response = await api.account.export.$get()
  // A refusal goes through the one error path, which carries the server's message.
  if (!response.ok) await call(response)
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? FALLBACK_NAME
  return { file: await response.blob(), name }
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // Revoked at once, a large file may not have been read yet (FileSaver.js waits 40 s for the same reason).
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** Downloads everything Lumin keeps about the signed-in person as one JSON file; its data is the file's name. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const { file, name } = await fetchMyData()
      saveFile(file, name)
      return name
    },
  })
}
