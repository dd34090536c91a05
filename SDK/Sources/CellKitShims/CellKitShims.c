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

// Exported by libswiftCore (part of the Swift runtime's public ABI on Linux).
extern const void *swift_getTypeContextDescriptor(const void *metadata);

const void *cellkit_type_descriptor(const void *metadata) {
    return metadata == NULL ? NULL : swift_getTypeContextDescriptor(metadata);
}
