/* What a world records of each registered component, for the designs that keep it in this form. */
#ifndef ESB_COMPONENT_INFO_H
#define ESB_COMPONENT_INFO_H

#include "contract.h"

typedef struct esb_component_info {
    const char *name;
    uint32_t size; /* 0: a tag */
    uint32_t align;
    esb_storage_hint hint;
} esb_component_info;

/* The record of a component registered with a description that passed esb_check_component_desc. */
static inline esb_component_info esb_component_info_of(const esb_component_desc *desc) {
    return (esb_component_info){desc->name, (uint32_t)desc->size, (uint32_t)desc->align, desc->hint};
}

#endif
