#define _GNU_SOURCE
#include "CellKitShims.h"

#include <dlfcn.h>
#include <string.h>

int cellkit_image_path(const void *address, char *buffer, size_t size) {
    Dl_info info;
    if (dladdr(address, &info) == 0 || info.dli_fname == NULL) return -1;
    size_t length = strlen(info.dli_fname);
    if (length + 1 > size) return -1;
    memcpy(buffer, info.dli_fname, length + 1);
    return (int)length;
}
